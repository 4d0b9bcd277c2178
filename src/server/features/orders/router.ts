import { router } from '../../trpc/init';

export const ordersRouter = router({});
