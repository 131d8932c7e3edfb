export default function LoginPage() {
  return <div data-page="LoginPage">LoginPage</div>;
}
