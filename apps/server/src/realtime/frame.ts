/**
 * One WebSocket text frame (RFC 6455 §5.2), built once per message and written as it is to every
 * socket that gets the message. `ws` would build a header per socket and write the header and the
 * message in two pieces; at thousands of sockets per event that per-socket work was the hub's cost.
 * A server's frames are never masked, and these sockets negotiate no compression (app.ts turns
 * perMessageDeflate off), so the bytes are the same for every socket.
 */
const FIN_TEXT = 0x81;
const LENGTH_16 = 126;
const LENGTH_64 = 127;

export function textFrame(text: string): Buffer {
  const length = Buffer.byteLength(text);
  const headerLength = length < LENGTH_16 ? 2 : length <= 0xffff ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + length);
  frame[0] = FIN_TEXT;
  if (length < LENGTH_16) frame[1] = length;
  else if (length <= 0xffff) {
    frame[1] = LENGTH_16;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = LENGTH_64;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  frame.write(text, headerLength);
  return frame;
}
