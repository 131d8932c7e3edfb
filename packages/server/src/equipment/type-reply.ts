/** A catalogue entry as replied (the shape: protocol's EquipmentTypeReply), with the settings a new record of the type starts with. */
import { isBuiltInType } from '@fieldlink/protocol';
import type { EquipmentType, EquipmentTypeReply } from '@fieldlink/protocol';
import { normaliseSettings } from './settings.js';

export function typeReply(type: EquipmentType): EquipmentTypeReply {
  return {
    ...type,
    rulePages: [...type.rulePages],
    relayModes: [...type.relayModes],
    isTeam: type.hostRole === 'team',
    starts: { ...type.starts },
    custom: !isBuiltInType(type.type),
    defaults: normaliseSettings(type.counts, {}, undefined, { image: type.image }),
  };
}
