// The measurement over an isolate that started as the deployed Worker does: worker/index.ts and
// everything it runs at startup are evaluated before the request.
import '../../../worker/index.ts';
export { default } from './measure.ts';
