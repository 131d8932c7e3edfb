export default function NotFoundPage() {
  return <div data-page="NotFoundPage">NotFoundPage</div>;
}
