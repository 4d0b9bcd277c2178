import Fastify from 'fastify';

/**
 * The ceiling: a bare Fastify server answering a tiny JSON route, no logger, no plugins. Run by
 * `npm run bench` as its own process (PORT from the environment).
 */
const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
