export default {
  counters: { total: 'Total', online: 'Online', offline: 'Offline', alarm: 'Alarm' },
  period: 'Period',
  span: { '24h': 'Last 24 hours', '7d': 'Last 7 days' },
  onlineRatio: 'Online ratio',
  partial: 'Computed from the latest {{count}} events only',
  recentAlarms: 'Recent alarms',
  loadFailed: 'Could not load the events: {{reason}}',
  map: {
    title: 'Monitoring map',
    status: { online: 'Online', offline: 'Offline', alarm: 'Alarm' },
    noPosition: 'No position',
    more: 'and {{count}} more',
    openMonitoring: 'Monitor',
    openHistory: 'History',
    failed: 'The map could not be loaded',
    recordsFailed: 'Positions could not be read: {{reason}}',
  },
};
