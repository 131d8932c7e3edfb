export default function NoRolePage() {
  return <div data-page="NoRolePage">NoRolePage</div>;
}
