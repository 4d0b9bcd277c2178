import { saveSitePageSchema, sitePageSlugInputSchema } from '../../../shared/site-pages';
import { adminProcedure, publicProcedure, router } from '../../trpc/init';
import { getPublishedSitePage, listPublishedSitePages, listSitePagesForEditing, saveSitePage } from './service';

export const sitePagesRouter = router({
  // Public: the page at /refund, /privacy, /terms or /faq, and which of them the footer links to.
  get: publicProcedure
    .input(sitePageSlugInputSchema)
    .query(({ ctx, input }) => getPublishedSitePage(ctx.deps.db, input.slug)),
  listPublished: publicProcedure.query(({ ctx }) => listPublishedSitePages(ctx.deps.db)),
  // The back office's Settings.
  listForEditing: adminProcedure.query(({ ctx }) => listSitePagesForEditing(ctx.deps.db, ctx.auth)),
  save: adminProcedure
    .input(saveSitePageSchema)
    .mutation(({ ctx, input }) => saveSitePage(ctx.deps.db, ctx.auth, input, ctx.req.ip)),
});
