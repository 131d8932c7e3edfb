/** Words of the fields every rule editor shares. */
export default {
  required: '請填寫相關內容',
  bound: '{{min}} 至 {{max}}',
  boundUnit: '{{min}} 至 {{max}} {{unit}}',
  integer: '請輸入整數',
  outOfBound: '超出範圍：{{min}} 至 {{max}}',
  storedAs: '儲存為 {{time}}',
  seconds: '秒',
  minutes: '分鐘',
  hours: '小時',
  timeUnits: { tenths: '0.1 秒', seconds: '秒', minutes: '分鐘', tenMinutes: '10 分鐘' },
  rawValue: '原始值 {{raw}}',
  channelMissing: '{{channel}}（此型號沒有該通道）',
  unknownCode: 'err（代碼 {{code}}）',
  ruleIndex: '序號',
  noChannels: '此型號沒有該類通道',
};
