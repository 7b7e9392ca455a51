/**
 * A module imported the first time it is needed, then kept. For heavy libraries a server may
 * never use in a given run (the PDF writer, the barcode generator): importing them at start would
 * hold tens of megabytes in every process for nothing. A failed import is retried next time.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
