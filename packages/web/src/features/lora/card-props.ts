/** What each part of the radio screen gets from the tab. */
import type { Equipment } from '../../api/equipment';
import type { OperationRunner } from '../monitoring/use-operation';

export interface LoraCardProps {
  /** The team host. */
  readonly record: Equipment;
  /** Sends the operations that write (password prompt, confirmation, failure messages). */
  readonly runner: OperationRunner;
  /** The user may change the radio settings (the edit right). */
  readonly canEdit: boolean;
}
