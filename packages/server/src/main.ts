import { createApp } from './app.js';
import { loadConfig } from './config.js';

const config = loadConfig();
const app = createApp(config);
app.server.listen(config.port, config.host, () => {
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(`Fieldlink is listening on http://localhost:${port}/ (health: /api/v1/health)`);
});

function shutdown(): void {
  void app.close().then(() => process.exit(0));
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
