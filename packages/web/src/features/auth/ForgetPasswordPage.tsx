export default function ForgetPasswordPage() {
  return <div data-page="ForgetPasswordPage">ForgetPasswordPage</div>;
}
