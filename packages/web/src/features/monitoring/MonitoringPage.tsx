export default function MonitoringPage() {
  return <div data-page="MonitoringPage">MonitoringPage</div>;
}
