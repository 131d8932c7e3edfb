/**
 * The tenant key of the console's host (specification §1): the protocol's rule, shared with the
 * server's registration.
 */
export { brandKeyOf } from '@fieldlink/protocol';
