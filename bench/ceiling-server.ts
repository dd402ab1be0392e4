/**
 * The ceiling of a bench run (support.ts measureCeiling): a bare Fastify process answering a constant 100-byte
 * JSON envelope, with nothing behind it. It tells its port to the bench that forked it.
 */
import Fastify from 'fastify';

const body = JSON.stringify({ success: true, resultCode: 200, message: '', data: { value: 'x'.repeat(38) } });
const app = Fastify();
app.post('/', async (_request, reply) => reply.type('application/json').send(body));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.send?.(typeof address === 'object' && address ? address.port : 0);
