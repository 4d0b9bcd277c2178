import { authRouter } from '../features/auth/router';
import { contactRouter } from '../features/contact/router';
import { frameworksRouter } from '../features/frameworks/router';
import { mailRouter } from '../features/mail/router';
import { ordersRouter } from '../features/orders/router';
import { profileRouter } from '../features/profile/router';
import { progressRouter } from '../features/progress/router';
import { publicConfigRouter } from '../features/public-config/router';
import { workbookRouter } from '../features/workbook/router';
import { router } from './init';

/** The typed API at /api/trpc, one sub-router per feature. */
export const appRouter = router({
  publicConfig: publicConfigRouter,
  auth: authRouter,
  contact: contactRouter,
  orders: ordersRouter,
  frameworks: frameworksRouter,
  progress: progressRouter,
  profile: profileRouter,
  workbook: workbookRouter,
  mail: mailRouter,
});

export type AppRouter = typeof appRouter;
