/**
 * The scene file of a 3D project being edited: one of the GLB/glTF files in the project's
 * directory of the project file space (docs/api.md § Diagrams), or a new one uploaded there. A file
 * is checked before it is sent — a scene file by its name, within the file store's size limit,
 * self-contained (nothing in it pointing outside it) — and the server's limits still apply.
 */
import { UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Progress, Select, Typography } from 'antd';
import { useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { listFiles, uploadFiles } from '../../../api/files';
import {
  isSceneFileName,
  projectScenePath,
  sceneErrorReason,
  selfContainedGlb,
} from '../../../diagrams/scene';
import { fileErrorText } from '../../files/file-errors';
import { formatBytes } from '../../history/export-stream';

/** The limit shown until the file store has said its own (its default, FILE_MAX_BYTES). */
const DEFAULT_MAX_BYTES = 20 * 1024 * 1024;

export const sceneFilesKey = (projectId: string) => ['diagrams', 'scene-files', projectId] as const;

export interface SceneFilePanelProps {
  readonly projectId: string;
  readonly src: string;
  readonly onChoose: (src: string) => void;
}

export default function SceneFilePanel({ projectId, src, onChoose }: SceneFilePanelProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const files = useQuery({
    queryKey: sceneFilesKey(projectId),
    queryFn: ({ signal }) => listFiles('project', projectId, { signal }),
  });
  const maxBytes = files.data?.maxFileSize ?? DEFAULT_MAX_BYTES;
  const limit = formatBytes(maxBytes);

  const options = (files.data?.items ?? [])
    .filter((item) => isSceneFileName(item.name))
    .map((item) => ({
      value: projectScenePath(projectId, item.name),
      label: `${item.name} (${formatBytes(item.size)})`,
    }));
  if (src && !options.some((o) => o.value === src)) options.unshift({ value: src, label: src });

  const upload = async (file: File): Promise<void> => {
    if (!isSceneFileName(file.name)) {
      void message.error(t('diagramScene.editor.file.notScene', { name: file.name }));
      return;
    }
    if (file.size > maxBytes) {
      void message.error(t('diagramScene.editor.file.tooLarge', { name: file.name, size: limit }));
      return;
    }
    try {
      selfContainedGlb(await file.arrayBuffer());
    } catch (error) {
      void message.error(
        t('diagramScene.editor.file.refused', { name: file.name, reason: sceneErrorReason(error, t) }),
      );
      return;
    }
    setProgress(0);
    try {
      await uploadFiles('project', [file], {
        dir: projectId,
        replace: true,
        onProgress: (sent, total) => setProgress(total > 0 ? Math.round((sent / total) * 100) : 0),
      });
      void message.success(t('diagramScene.editor.file.uploaded', { name: file.name }));
      onChoose(projectScenePath(projectId, file.name));
      await client.invalidateQueries({ queryKey: sceneFilesKey(projectId) });
    } catch (error) {
      void message.error(t('diagramScene.editor.file.uploadFailed', { reason: fileErrorText(error, t) }));
    } finally {
      setProgress(null);
    }
  };

  const chosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be chosen again after a change to it.
    event.target.value = '';
    if (file) void upload(file);
  };

  return (
    <Card size="small" title={t('diagramScene.editor.file.title')} data-testid="scene-file">
      <Flex vertical gap={8}>
        <Select<string>
          aria-label={t('diagramScene.editor.file.choose')}
          placeholder={t('diagramScene.editor.file.choose')}
          value={src || undefined}
          options={options}
          loading={files.isPending}
          notFoundContent={t('diagramScene.editor.file.noFiles')}
          onChange={(value) => onChoose(value)}
          data-testid="scene-file-select"
        />
        {files.isError && (
          <Alert
            type="warning"
            showIcon
            title={t('diagramScene.editor.file.listFailed', {
              reason: fileErrorText(files.error, t, { reading: true }),
            })}
          />
        )}
        <Flex gap={8} align="center" wrap>
          <Button
            icon={<UploadOutlined />}
            loading={progress !== null}
            onClick={() => input.current?.click()}
          >
            {t('diagramScene.editor.file.upload')}
          </Button>
          <input
            ref={input}
            type="file"
            hidden
            accept=".glb,.gltf,model/gltf-binary,model/gltf+json"
            aria-label={t('diagramScene.editor.file.upload')}
            data-testid="scene-file-input"
            onChange={chosen}
          />
          {progress !== null && (
            <Progress
              percent={progress}
              size="small"
              style={{ width: 140, margin: 0 }}
              aria-label={t('diagramScene.editor.file.uploading', { percent: progress })}
            />
          )}
        </Flex>
        <Typography.Text type="secondary">
          {t('diagramScene.editor.file.limit', { size: limit })}
        </Typography.Text>
      </Flex>
    </Card>
  );
}
