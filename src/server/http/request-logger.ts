import type { FastifyBaseLogger, FastifyLogFn, FastifyServerOptions } from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;
type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type LogArguments = Parameters<FastifyLogFn>;

/**
 * A request's logger that makes its pino child (the request id bound to every line) only when
 * the request writes a line at an enabled level (decision 0082). Fastify makes one child per
 * request, and at the default level a request that goes well writes nothing, so the child cost a
 * few percent of an API read for nothing. Lines, when written, are exactly the child's.
 */
export class LazyChildLogger implements FastifyBaseLogger {
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;
  #child: FastifyBaseLogger | undefined;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  get level(): string {
    return (this.#child ?? this.#parent).level;
  }

  set level(level: string) {
    this.#logger().level = level;
  }

  fatal(...args: LogArguments): void {
    this.#write('fatal', args);
  }

  error(...args: LogArguments): void {
    this.#write('error', args);
  }

  warn(...args: LogArguments): void {
    this.#write('warn', args);
  }

  info(...args: LogArguments): void {
    this.#write('info', args);
  }

  debug(...args: LogArguments): void {
    this.#write('debug', args);
  }

  trace(...args: LogArguments): void {
    this.#write('trace', args);
  }

  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#logger().child(bindings, options);
  }

  #logger(): FastifyBaseLogger {
    this.#child ??= this.#parent.child(this.#bindings, this.#options);
    return this.#child;
  }

  #write(level: Level, args: LogArguments): void {
    if (this.#child === undefined && !isLevelEnabled(this.#parent, level)) return;
    (this.#logger()[level] as (...args: LogArguments) => void)(...args);
  }
}

function isLevelEnabled(logger: FastifyBaseLogger, level: Level): boolean {
  const check = (logger as Partial<{ isLevelEnabled(level: Level): boolean }>).isLevelEnabled;
  return check === undefined || check.call(logger, level);
}

/**
 * Fastify's childLoggerFactory: the lazy child, unless the route asks for its own level or
 * serializers (then the real child at once, as Fastify would make it).
 */
export const lazyChildLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) =>
  options.level !== undefined || options.serializers !== undefined
    ? logger.child(bindings, options)
    : new LazyChildLogger(logger, bindings, options);
