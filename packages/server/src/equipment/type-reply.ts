/** The reply shape of a catalogue entry, with the settings a new record of the type starts with. */
import { z } from 'zod';
import type { EquipmentType } from '@fieldlink/protocol';
import { normaliseSettings, Settings } from './settings.js';

export const EquipmentTypeReply = z.object({
  type: z.string(),
  names: z.object({ en: z.string(), zh: z.string(), tc: z.string() }),
  counts: z.object({ do: z.number(), di: z.number(), ai: z.number(), ao: z.number() }),
  aoRegister: z.number(),
  series2000: z.boolean(),
  logicType: z.enum(['none', 'rules', 'logic']),
  rulePages: z.array(z.string()),
  relayModes: z.array(z.number()),
  image: z.string(),
  icon: z.string(),
  hostRole: z.enum(['team', 'modbus', 'dl645']).nullable(),
  attachesTo: z.enum(['team', 'modbus', 'dl645']).nullable(),
  isTeam: z.boolean(),
  slaveAddress: z.number(),
  defaults: Settings,
});

export function typeReply(type: EquipmentType): z.infer<typeof EquipmentTypeReply> {
  return {
    ...type,
    rulePages: [...type.rulePages],
    relayModes: [...type.relayModes],
    isTeam: type.hostRole === 'team',
    defaults: normaliseSettings(type.counts, {}, undefined, { image: type.image }),
  };
}
