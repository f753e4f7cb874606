// Why a pull stopped: one line, naming the URL it was asking when there is one. Raised where it
// happens, printed once by the CLI.
export class PullFailure extends Error {
  override name = 'PullFailure';
}
