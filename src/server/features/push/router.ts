import { subscribePushInputSchema, unsubscribePushInputSchema } from '../../../shared/push-schemas';
import { coupleProcedure, router } from '../../trpc/init';
import { listPushDevices, pushPublicKey, subscribeDevice, unsubscribeDevice } from './service';

/** Push reminders per device (docs/operations.md#push-reminders): each sign-in manages its own devices. */
export const pushRouter = router({
  publicKey: coupleProcedure.query(({ ctx }) => pushPublicKey(ctx.deps)),
  devices: coupleProcedure.query(({ ctx }) => listPushDevices(ctx.deps, ctx.auth)),
  subscribe: coupleProcedure
    .input(subscribePushInputSchema)
    .mutation(({ ctx, input }) => subscribeDevice(ctx.deps, ctx.auth, input)),
  unsubscribe: coupleProcedure
    .input(unsubscribePushInputSchema)
    .mutation(({ ctx, input }) => unsubscribeDevice(ctx.deps, ctx.auth, input.deviceId)),
});
