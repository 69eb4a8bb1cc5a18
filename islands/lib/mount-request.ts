/**
 * A script that inserts server HTML (the parts explorer's panel, a modal's body) asks for the
 * islands and behaviours inside it to start. boot.ts answers (mount.ts's mountAll), so a
 * behaviour never imports the mounter that loaded it.
 */
export const MOUNT_EVENT = 'islands:mount';

export function requestMount(root: Element): void {
  root.dispatchEvent(new CustomEvent(MOUNT_EVENT, { bubbles: true }));
}
