export default function ForbiddenPage() {
  return <div data-page="ForbiddenPage">ForbiddenPage</div>;
}
