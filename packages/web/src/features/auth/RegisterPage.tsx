export default function RegisterPage() {
  return <div data-page="RegisterPage">RegisterPage</div>;
}
