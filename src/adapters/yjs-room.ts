import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as awarenessProtocol from 'y-protocols/awareness';
import * as syncProtocol from 'y-protocols/sync';
import type * as Y from 'yjs';

/** Message types of the y-websocket wire protocol. */
const MESSAGE_SYNC = 0;
const MESSAGE_AWARENESS = 1;
const MESSAGE_QUERY_AWARENESS = 3;

/** Close code when the stored document goes away (entry deleted, service reset or restored); 44xx stops y-websocket retrying. */
export const CLOSE_DOCUMENT_GONE = 4410;

/** One connected client, whatever carries its bytes. */
export interface SyncPeer {
  send(message: Uint8Array): void;
  close(code: number, reason: string): void;
  /** The transaction origin of this client's edits: who it is (`lastUpdatedBy`) and its session. */
  readonly author: { readonly userId: string; readonly sessionId: string | null };
}

interface Member {
  /** Awareness client ids this peer announced, removed when it leaves. */
  clientIds: Set<number>;
}

/**
 * The clients editing one stored document: sync step 1/2 and updates both ways, awareness relayed between
 * them. Lives while it has members; destroying the document closes every member.
 * @example const room = new SyncRoom(doc, () => rooms.delete(doc)); room.join(peer);
 */
export class SyncRoom {
  readonly doc: Y.Doc;
  private readonly awareness: awarenessProtocol.Awareness;
  private readonly members = new Map<SyncPeer, Member>();
  private closed = false;
  private readonly onEmpty: () => void;

  private readonly onUpdate = (update: Uint8Array, origin: unknown): void => {
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, MESSAGE_SYNC);
    syncProtocol.writeUpdate(encoder, update);
    const message = encoding.toUint8Array(encoder);
    for (const peer of this.members.keys()) if (peer.author !== origin) peer.send(message);
  };

  private readonly onAwareness = ({ added, updated, removed }: { added: number[]; updated: number[]; removed: number[] }, origin: unknown): void => {
    const member = this.members.get(origin as SyncPeer);
    if (member) {
      for (const id of added) member.clientIds.add(id);
      for (const id of removed) member.clientIds.delete(id);
    }
    const changed = [...added, ...updated, ...removed];
    const message = this.awarenessMessage(changed);
    for (const peer of this.members.keys()) peer.send(message);
  };

  private readonly onDestroy = (): void => this.close(CLOSE_DOCUMENT_GONE, 'The stored document is gone (deleted, reset or restored). Open a new provider.');

  constructor(doc: Y.Doc, onEmpty: () => void) {
    this.doc = doc;
    this.onEmpty = onEmpty;
    this.awareness = new awarenessProtocol.Awareness(doc);
    // The server takes part in sync only; it has no cursor of its own.
    this.awareness.setLocalState(null);
    this.awareness.on('update', this.onAwareness);
    doc.on('update', this.onUpdate);
    doc.on('destroy', this.onDestroy);
  }

  /** Adds a client: sends the server's state vector (sync step 1) and the current awareness states. */
  join(peer: SyncPeer): void {
    this.members.set(peer, { clientIds: new Set() });
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, MESSAGE_SYNC);
    syncProtocol.writeSyncStep1(encoder, this.doc);
    peer.send(encoding.toUint8Array(encoder));
    const states = [...this.awareness.getStates().keys()];
    if (states.length > 0) peer.send(this.awarenessMessage(states));
  }

  /**
   * Sets what the service itself announces to the room's clients as its awareness state (REST presence and live
   * state), or withdraws it with `null`; clients see it as one more awareness entry.
   */
  announce(state: Record<string, unknown> | null): void {
    if (!this.closed) this.awareness.setLocalState(state);
  }

  /** Handles one binary message of a client; a malformed one closes that client. */
  receive(peer: SyncPeer, message: Uint8Array): void {
    if (!this.members.has(peer)) return;
    try {
      const decoder = decoding.createDecoder(message);
      const encoder = encoding.createEncoder();
      const type = decoding.readVarUint(decoder);
      if (type === MESSAGE_SYNC) {
        encoding.writeVarUint(encoder, MESSAGE_SYNC);
        syncProtocol.readSyncMessage(decoder, encoder, this.doc, peer.author);
        // Only sync step 1 produces a reply (step 2); a bare type byte means nothing to send.
        if (encoding.length(encoder) > 1) peer.send(encoding.toUint8Array(encoder));
      } else if (type === MESSAGE_AWARENESS) {
        awarenessProtocol.applyAwarenessUpdate(this.awareness, decoding.readVarUint8Array(decoder), peer);
      } else if (type === MESSAGE_QUERY_AWARENESS) {
        peer.send(this.awarenessMessage([...this.awareness.getStates().keys()]));
      }
    } catch {
      this.leave(peer);
      peer.close(1007, 'Malformed y-websocket message.');
    }
  }

  /** Removes a client and withdraws the awareness states it announced. */
  leave(peer: SyncPeer): void {
    const member = this.members.get(peer);
    if (!member) return;
    this.members.delete(peer);
    if (member.clientIds.size > 0) awarenessProtocol.removeAwarenessStates(this.awareness, [...member.clientIds], null);
    if (this.members.size === 0) this.close(1000, 'Room closed.');
  }

  /** Closes every client and stops the awareness timer. */
  close(code: number, reason: string): void {
    if (this.closed) return;
    this.closed = true;
    const peers = [...this.members.keys()];
    this.members.clear();
    this.doc.off('update', this.onUpdate);
    this.doc.off('destroy', this.onDestroy);
    this.awareness.off('update', this.onAwareness);
    this.awareness.destroy();
    for (const peer of peers) peer.close(code, reason);
    this.onEmpty();
  }

  private awarenessMessage(clientIds: number[]): Uint8Array {
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, MESSAGE_AWARENESS);
    encoding.writeVarUint8Array(encoder, awarenessProtocol.encodeAwarenessUpdate(this.awareness, clientIds));
    return encoding.toUint8Array(encoder);
  }
}
