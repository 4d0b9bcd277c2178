import { initTRPC } from '@trpc/server';
import { fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify from 'fastify';

/**
 * A reference, not a target: Fastify with tRPC's adapter and one trivial query (no context, no
 * middleware, no database), the floor under any tRPC read on this machine and Node version. Run
 * by `npm run bench` as its own process (PORT from the environment).
 */
const t = initTRPC.create();
const router = t.router({ hello: t.procedure.query(() => ({ hello: 'world' })) });
const app = Fastify({ logger: false });
await app.register(fastifyTRPCPlugin, { prefix: '/trpc', trpcOptions: { router, createContext: () => ({}) } });
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
