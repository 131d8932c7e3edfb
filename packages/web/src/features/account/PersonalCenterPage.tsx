export default function PersonalCenterPage() {
  return <div data-page="PersonalCenterPage">PersonalCenterPage</div>;
}
