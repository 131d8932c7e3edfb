/**
 * Shows its children only when the signed-in user meets the need (§6's access helper,
 * session/access.ts); otherwise the fallback, nothing by default.
 */
import type { ReactNode } from 'react';
import { useCan } from '../session/access';
import type { AccessNeed } from '../session/access';

export default function Can({
  need,
  children,
  fallback = null,
}: {
  readonly need: AccessNeed;
  readonly children: ReactNode;
  readonly fallback?: ReactNode;
}) {
  return <>{useCan(need) ? children : fallback}</>;
}
