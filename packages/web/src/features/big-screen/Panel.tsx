/** A panel of the wall: its title (with the turn of a rotating slot) and its body. */
import type { ReactNode } from 'react';

export interface PanelProps {
  readonly id: string;
  readonly title: string;
  /** In a rotating slot: which of how many panels this is (drawn as dots). */
  readonly turn?: { readonly index: number; readonly count: number };
  readonly extra?: ReactNode;
  readonly children: ReactNode;
}

export default function Panel({ id, title, turn, extra, children }: PanelProps) {
  return (
    <section className="bs-panel" data-panel={id} aria-label={title}>
      <header className="bs-panel-title">
        <span>{title}</span>
        {extra}
        {turn && turn.count > 1 ? (
          <span className="bs-turn" aria-hidden="true">
            {Array.from({ length: turn.count }, (_, i) => (
              <i key={i} className={i === turn.index ? 'bs-turn-dot bs-turn-on' : 'bs-turn-dot'} />
            ))}
          </span>
        ) : null}
      </header>
      <div className="bs-panel-body">{children}</div>
    </section>
  );
}

/** A line of grey text in a panel's middle (nothing to show, or why not). */
export function PanelNote({ children, tone }: { readonly children: ReactNode; readonly tone?: 'error' }) {
  return <div className={tone === 'error' ? 'bs-note bs-note-error' : 'bs-note'}>{children}</div>;
}
