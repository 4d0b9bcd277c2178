import { router } from '../../trpc/init';

export const frameworksRouter = router({});
