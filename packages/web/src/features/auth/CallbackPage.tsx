export default function CallbackPage() {
  return <div data-page="CallbackPage">CallbackPage</div>;
}
