/**
 * For tests of the route and tab logic, whose tables use made-up titles ('a', 'group'): the one
 * place where any text passes for a message key.
 */
import type { MessageKey } from './index';

export const testKey = (key: string): MessageKey => key as MessageKey;
