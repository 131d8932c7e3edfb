export default {
  counters: { total: '設備總數', online: '在線', offline: '離線', alarm: '報警' },
  period: '統計時段',
  span: { '24h': '最近24小時', '7d': '最近7天' },
  onlineRatio: '在線率',
  partial: '僅根據最新的 {{count}} 筆事件計算',
  recentAlarms: '最近報警',
  loadFailed: '事件載入失敗：{{reason}}',
  map: {
    title: '監控地圖',
    status: { online: '在線', offline: '離線', alarm: '報警' },
    noPosition: '無位置',
    more: '另有 {{count}} 台',
    openMonitoring: '監控',
    openHistory: '歷史',
    failed: '地圖載入失敗',
    recordsFailed: '無法讀取位置：{{reason}}',
  },
};
