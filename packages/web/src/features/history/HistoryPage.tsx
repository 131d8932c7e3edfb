export default function HistoryPage() {
  return <div data-page="HistoryPage">HistoryPage</div>;
}
