export default function SystemPage() {
  return <div data-page="SystemPage">SystemPage</div>;
}
