import { router } from '../../trpc/init';

export const workbookRouter = router({});
