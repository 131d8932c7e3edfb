/** Words of the fields every rule editor shares. */
export default {
  required: '请填写相关内容',
  bound: '{{min}} 至 {{max}}',
  boundUnit: '{{min}} 至 {{max}} {{unit}}',
  integer: '请输入整数',
  outOfBound: '超出范围：{{min}} 至 {{max}}',
  storedAs: '保存为 {{time}}',
  seconds: '秒',
  minutes: '分钟',
  hours: '小时',
  timeUnits: { tenths: '0.1 秒', seconds: '秒', minutes: '分钟', tenMinutes: '10 分钟' },
  rawValue: '原始值 {{raw}}',
  channelMissing: '{{channel}}（此型号没有该通道）',
  unknownCode: 'err（代码 {{code}}）',
  ruleIndex: '序号',
  noChannels: '此型号没有该类通道',
};
