/**
 * The hand vectors of the protocol's scene tests (packages/protocol/src/rules/scene/*.test.ts),
 * as hex, with the helpers the scene editor's tests share.
 */
import { decodeRule, encodeRule, fromHex, toHex } from '@fieldlink/protocol';
import type { SceneRule } from '@fieldlink/protocol';

export const SCENE_VECTORS: readonly (readonly [name: string, hex: string])[] = [
  // marquee.test.ts
  ['marquee DO1-DO4 on a switch rule', '0102400A03140A050000000F'],
  ['water-flow light, every field at its upper bound', '02FFB03FFFFF7FBFFFFFFFFF'],
  ['ruleType 6 (one past scene B), endless, DO32 only', '0100C0000000410180000000'],
  ['constant rule, repeating, scattered channels', '0285000A010A0A410000009D'],
  ['ruleType 7, no channels', '0140E0000000000000000000'],
  ['water-flow light from the top on an analog rule', '020A70000281050000FF0000'],
  // sequence.test.ts
  ['open in turn DO1-DO3 on a time rule', '030120000A00000000000007'],
  ['close in turn, every field at its upper bound', '047FA0FFFF000000FFFFFFFF'],
  ['open in sequence on the constant rule', '050000324100000000000015'],
  ['close in sequence, ruleType 6 (one past scene B)', '0609C000820000000000FF00'],
  ['close in sequence with no channels', '060340810000000000000000'],
  ['open in turn, rule and ruleType at their upper bounds, DO32 only', '037FA03F7F00000080000000'],
  ['open in turn, ruleType 6, nothing set', '0300C0000000000000000000'],
  ['close in turn DO1-DO2 on a switch rule', '0402400A0500000000000003'],
  ['close in turn, ruleType 7, DO17 only', '0440E0000100000000010000'],
  ['open in sequence, every field at its upper bound', '057FA0FFBF000000FFFFFFFF'],
  ['open in sequence, ruleType 6, DO1 only', '0501C0000A00000000000001'],
  ['close in sequence, DO1 and DO32, a zero hold in 10-minute units', '067FA0C03F00000080000001'],
  // simultaneous.test.ts
  ['open DO1-DO2 and close DO3-DO4', '0703400A000000030000000C'],
  ['open every channel, rule and ruleType at their upper bounds', '077FA000FFFFFFFF00000000'],
  ['close DO32 only, ruleType 6 (one past scene B)', '0700C03F0000000080000000'],
  // function-calculation.test.ts
  ['X = AI1 + 100, X ≥ holding u16 40', '0A1010700000006400280A03'],
  ['formula 14, comparison 4 and sources 13: the last valid values', '0AE4DDD0FFFFFFFFFFFFFFFF'],
  ['formula 15, comparison 5 and sources 14/15: one past, kept as read', '0AF5EFE00001000200030000'],
  ['X = A, B ≤ X ≤ C with constant bounds', '0A03500003E8000A00144201'],
  ['X = |A| of AO2, X = 0', '0AB22C000001000700000009'],
  // assignment.test.ts
  ['holding u16 40 = AI1 + 100 every second', '1411100000006400280A0000'],
  ['formula 14, regType 8 and sources 13: the last valid values', '14E8DDFFFFFFFFFFFFFF0000'],
  ['formula 15, regType 9 and sources 14/15: one past, kept as read', '14F9EF000100020003010000'],
  ['AO3 = AO1 × 2', '143020000000020002410000'],
  ['cache register 7 = |A|+|B| of two s16 registers', '149548012C012D0007850000'],
  // cumulative-flow.test.ts
  ['DO switch on DO3 from flow register 10', '1E0101020D000A0032141400'],
  ['mode 2 (DO loop, last valid), every field at its upper bound', '1EFF021F0DFFFFFFFF7F7F00'],
  ['mode 3 (one past DO loop), kept as read', '1E0003000000000000000000'],
  ['mode 0 (disabled) keeps its other fields', '1E05000407006400050A0A00'],
  ['doChannel 32 and regSource 14: one past, kept as read', '1E0201200E000100000A0A00'],
  ['mode, doChannel and regSource at the byte maximum 255', '1E00FFFFFF00000000000000'],
  // scene.test.ts
  ['disabled', '000000000000000000000000'],
  ['type 8 (one past simultaneous) keeps its bytes', '080102030405060708090A0B'],
  ['type 9 keeps its bytes', '0900112233445566778899AA'],
  ['type 11 (one past function calculation) keeps its bytes', '0B1011700000006400280A03'],
  ['type 255 keeps its bytes', 'FFFFFFFFFFFFFFFFFFFFFFFF'],
  ['type 31 (one past cumulative flow) keeps its bytes', '1F0000000000000000000080'],
];

export function decodeScene(hex: string): SceneRule {
  const bytes = fromHex(hex);
  const rule = bytes === null ? null : decodeRule('scene', bytes);
  if (rule === null) throw new Error(`not a scene: ${hex}`);
  return rule;
}

export const hexOf = (rule: SceneRule): string => toHex(encodeRule('scene', rule));

/** The vector named `name`, decoded. */
export function vector(name: string): SceneRule {
  const found = SCENE_VECTORS.find(([n]) => n === name);
  if (!found) throw new Error(`no vector ${name}`);
  return decodeScene(found[1]);
}
