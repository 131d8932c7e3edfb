export default function MapPage() {
  return <div data-page="MapPage">MapPage</div>;
}
