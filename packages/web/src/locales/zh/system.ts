export default {
  counters: { total: '设备总数', online: '在线', offline: '离线', alarm: '报警' },
  period: '统计时段',
  span: { '24h': '最近24小时', '7d': '最近7天' },
  onlineRatio: '在线率',
  partial: '仅根据最新的 {{count}} 条事件计算',
  recentAlarms: '最近报警',
  loadFailed: '事件加载失败：{{reason}}',
  map: {
    title: '监控地图',
    status: { online: '在线', offline: '离线', alarm: '报警' },
    noPosition: '无位置',
    more: '另有 {{count}} 台',
    openMonitoring: '监控',
    openHistory: '历史',
    failed: '地图加载失败',
    recordsFailed: '无法读取位置：{{reason}}',
  },
};
