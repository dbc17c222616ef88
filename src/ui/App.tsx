export function App() {
  return (
    <main className="app">
      <h1>Sitemap Workbench</h1>
      <p>Open a sitemap to begin.</p>
    </main>
  );
}
