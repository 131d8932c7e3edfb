/** Words of the fields every rule editor shares. */
export default {
  required: 'Fill in relevant content',
  bound: '{{min}} to {{max}}',
  boundUnit: '{{min}} to {{max}} {{unit}}',
  integer: 'Enter a whole number',
  outOfBound: 'Out of range: {{min}} to {{max}}',
  storedAs: 'Stored as {{time}}',
  seconds: 's',
  minutes: 'min',
  hours: 'h',
  timeUnits: { tenths: '0.1 s', seconds: 's', minutes: 'min', tenMinutes: '10 min' },
  rawValue: 'raw value {{raw}}',
  channelMissing: '{{channel}} (not on this model)',
  unknownCode: 'err (code {{code}})',
  ruleIndex: 'Index',
  noChannels: 'This model has no such channels',
};
