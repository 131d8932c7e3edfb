/**
 * Problems of the fields an editor shows (an empty required field, a number past its bound), so
 * that whatever holds the editor (the rule dialog) can refuse to keep the rule while any is left.
 * A field reports under its own key while it is drawn and takes the report back when it goes.
 */
import { createContext, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';

interface IssueSink {
  report(key: string, problem: string | null): void;
}

const IssueContext = createContext<IssueSink | null>(null);

/** Reports `problem` (null: none) under `key` to the nearest IssueScope, if any. */
export function useFieldIssue(key: string, problem: string | null): void {
  const sink = useContext(IssueContext);
  useEffect(() => {
    sink?.report(key, problem);
  }, [sink, key, problem]);
  useEffect(() => () => sink?.report(key, null), [sink, key]);
}

/** A unique key for a field's reports, stable while it is drawn. */
export function useIssueKey(): string {
  const key = useRef<string | null>(null);
  key.current ??= `field-${++nextKey}`;
  return key.current;
}
let nextKey = 0;

/** Collects the problems of the fields inside it; `onChange` hears the current list. */
export function IssueScope({
  children,
  onChange,
}: {
  readonly children: ReactNode;
  readonly onChange: (problems: readonly string[]) => void;
}) {
  const [problems, setProblems] = useState<ReadonlyMap<string, string>>(() => new Map());
  const sink = useMemo<IssueSink>(
    () => ({
      report: (key, problem) =>
        setProblems((before) => {
          if ((before.get(key) ?? null) === problem) return before;
          const next = new Map(before);
          if (problem === null) next.delete(key);
          else next.set(key, problem);
          return next;
        }),
    }),
    [],
  );
  const changed = useRef(onChange);
  changed.current = onChange;
  // A block body: whatever the listener returns must not become the effect's clean-up.
  useEffect(() => {
    changed.current([...problems.values()]);
  }, [problems]);
  return <IssueContext.Provider value={sink}>{children}</IssueContext.Provider>;
}
