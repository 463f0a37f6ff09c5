// The part of mammoth (DOCX to text) the server uses; the package ships no types.
declare module 'mammoth' {
  interface ExtractResult {
    value: string;
    messages: unknown[];
  }
  const mammoth: {
    extractRawText(input: { buffer: Buffer } | { path: string }): Promise<ExtractResult>;
  };
  export default mammoth;
}
