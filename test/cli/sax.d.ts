/** The part of sax (a strict XML parser; no @types package installed) the JUnit tests use to parse reports back. */
declare module 'sax' {
  export interface Tag {
    name: string;
    attributes: Record<string, string>;
  }
  export interface SAXParser {
    onerror: (err: Error) => void;
    onopentag: (tag: Tag) => void;
    onclosetag: (name: string) => void;
    ontext: (text: string) => void;
    write(text: string): SAXParser;
    close(): SAXParser;
  }
  export function parser(strict: boolean, options?: Record<string, unknown>): SAXParser;
}
