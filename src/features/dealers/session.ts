/** What the dealer locator keeps in the session: the visitor's last position ("last used"). */
import 'express-session';

declare module 'express-session' {
  interface SessionData {
    dealerLocation?: {
      lat: number;
      lng: number;
      accuracy: number;
      source: 'device' | 'postal';
      postalCode?: string;
      country?: string;
    };
  }
}

export {};
