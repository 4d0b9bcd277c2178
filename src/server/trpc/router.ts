import { adminSecurityRouter } from '../features/admin-security/router';
import { authRouter } from '../features/auth/router';
import { adminCertificatesRouter, certificatesRouter } from '../features/certificates/router';
import { contactRouter } from '../features/contact/router';
import { frameworksRouter } from '../features/frameworks/router';
import { adminCouplesRouter } from '../features/couples/router';
import { adminOrdersRouter, ordersRouter } from '../features/orders/router';
import { insightsRouter } from '../features/insights/router';
import { adminInventoryRouter, inventoryRouter } from '../features/inventory/router';
import { mailRouter } from '../features/mail/router';
import { paymentsRouter } from '../features/payments/router';
import { partnersRouter } from '../features/partners/router';
import { ourDataRouter } from '../features/our-data/router';
import { adminPlanRouter, planRouter } from '../features/plan/router';
import { profileRouter } from '../features/profile/router';
import { pushRouter } from '../features/push/router';
import { progressRouter } from '../features/progress/router';
import { publicConfigRouter } from '../features/public-config/router';
import { courseContentRouter, workbookRouter } from '../features/workbook/router';
import { sitePagesRouter } from '../features/site-pages/router';
import { adminCouponsRouter } from '../features/coupons/router';
import { adminGiftsRouter, giftsRouter } from '../features/gifts/router';
import { adminFacilitatorsRouter, facilitatorRouter, mentorRouter } from '../features/facilitators/router';
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
  courseContent: courseContentRouter,
  adminOrders: adminOrdersRouter,
  adminCouples: adminCouplesRouter,
  sitePages: sitePagesRouter,
  insights: insightsRouter,
  adminSecurity: adminSecurityRouter,
  mail: mailRouter,
  payments: paymentsRouter,
  partners: partnersRouter,
  ourData: ourDataRouter,
  inventory: inventoryRouter,
  adminInventory: adminInventoryRouter,
  plan: planRouter,
  adminPlan: adminPlanRouter,
  gifts: giftsRouter,
  adminGifts: adminGiftsRouter,
  adminCoupons: adminCouponsRouter,
  certificates: certificatesRouter,
  adminCertificates: adminCertificatesRouter,
  facilitator: facilitatorRouter,
  mentor: mentorRouter,
  adminFacilitators: adminFacilitatorsRouter,
  push: pushRouter,
});

export type AppRouter = typeof appRouter;
