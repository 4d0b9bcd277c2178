import { parseArgs } from 'node:util';
import { createOrder } from '../src/server/features/orders/service';
import { runCli } from './cli';

/**
 * `npm run --silent order:create -- --email E --first-name F --last-name L [--amount 4900]
 * [--status completed|pending] [--username U]` records a sale until card payments are wired
 * (docs/product.md#orders) and prints one JSON line:
 * `{"orderId","email","status","accessCode","successUrl"}` (accessCode null when none was issued).
 * Uses the same DATA_DIR as the server; any problem is one line on stderr and exit code 1.
 */
const USAGE =
  'Usage: npm run --silent order:create -- --email E --first-name F --last-name L [--amount 4900] [--status completed|pending] [--username U]';

let values: Record<string, string | undefined>;
try {
  ({ values } = parseArgs({
    options: {
      email: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      amount: { type: 'string' },
      status: { type: 'string' },
      username: { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  }));
} catch (error) {
  console.error(`${(error as Error).message}. ${USAGE}`);
  process.exit(1);
}

const FLAGS: Record<string, string> = {
  email: '--email',
  firstName: '--first-name',
  lastName: '--last-name',
  amount: '--amount',
  status: '--status',
  username: '--username',
};

await runCli(async (deps) => {
  try {
    const order = await createOrder(deps, {
      email: values.email as string,
      firstName: values['first-name'] as string,
      lastName: values['last-name'] as string,
      amount: values.amount,
      status: values.status as 'completed' | 'pending' | undefined,
      username: values.username,
    });
    process.stdout.write(`${JSON.stringify(order)}\n`);
  } catch (error) {
    // Name the command-line flag rather than the field ("firstName is required" -> "--first-name is required").
    if (error instanceof Error) {
      error.message = error.message.replace(/^(\w+)(?= )/, (field) => FLAGS[field] ?? field);
    }
    throw error;
  }
});
