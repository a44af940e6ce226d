export default function Index() {
  return <p>Client portal</p>;
}
