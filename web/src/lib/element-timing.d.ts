import "react";

declare module "react" {
  /** Element Timing (Chromium): the browser reports when an element carrying it is drawn. */
  interface ImgHTMLAttributes<T> {
    elementtiming?: string;
  }
}
