/**
 * Files dropped anywhere on the manager are uploaded. A drop is always taken from the browser (it
 * would otherwise open the file in place of the console); where the user may not write, it is
 * refused with a word instead.
 */
import { Typography } from 'antd';
import { useRef, useState } from 'react';
import type { DragEvent, ReactNode } from 'react';

const carriesFiles = (event: DragEvent): boolean => [...event.dataTransfer.types].includes('Files');

export default function DropZone({
  enabled,
  hint,
  onFiles,
  onRefused,
  children,
}: {
  readonly enabled: boolean;
  /** Shown over the manager while files are dragged over it. */
  readonly hint: string;
  readonly onFiles: (files: File[]) => void;
  readonly onRefused: () => void;
  readonly children: ReactNode;
}) {
  const [over, setOver] = useState(false);
  // dragenter/dragleave fire for every child crossed; only the outermost pair counts.
  const depth = useRef(0);
  const enter = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    depth.current++;
    setOver(true);
  };
  const leave = () => {
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setOver(false);
  };
  const dragOver = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = enabled ? 'copy' : 'none';
  };
  const drop = (event: DragEvent) => {
    const files = [...event.dataTransfer.files];
    if (files.length === 0) return;
    event.preventDefault();
    depth.current = 0;
    setOver(false);
    if (enabled) onFiles(files);
    else onRefused();
  };
  return (
    <div
      data-testid="files-drop-zone"
      onDragEnter={enter}
      onDragLeave={leave}
      onDragOver={dragOver}
      onDrop={drop}
      style={{ position: 'relative' }}
    >
      {children}
      {over && enabled && (
        <div
          data-testid="files-drop-hint"
          style={{
            position: 'absolute',
            inset: 0,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            border: '2px dashed #1677ff',
            borderRadius: 8,
            background: 'rgba(22, 119, 255, 0.08)',
            pointerEvents: 'none',
            zIndex: 10,
          }}
        >
          <Typography.Title level={4} style={{ margin: 0 }}>
            {hint}
          </Typography.Title>
        </div>
      )}
    </div>
  );
}
