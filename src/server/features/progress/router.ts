import { router } from '../../trpc/init';

export const progressRouter = router({});
