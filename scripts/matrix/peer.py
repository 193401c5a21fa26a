"""peer.py — a real other person for the Matrix tests: a matrix-nio client driven from the command line.

    PEER_PASSWORD=pw python peer.py --homeserver URL --user USER COMMAND …
      login                                   {"user_id", "device_id"}
      create-room [--invite @u:localhost]…    {"room_id"}
      set-name NAME                           {"user_id"}: the peer's display name (in every room it is in)
      send-text ROOM TEXT                     {"event_id"}
      send-texts ROOM PREFIX COUNT            {"event_ids"}: COUNT m.text "PREFIX 001", "PREFIX 002" … in order
      populate --rooms N --events M --invite @u:localhost [--name-prefix P]
                                              {"rooms": [ids]}: N rooms "P 001"… each inviting the user, then M
                                              m.text in each, room after room (benchmarks)
      send-file ROOM FILE NAME                {"event_id", "url"}     m.file named NAME (any text: the tests' hostile names)
      send-image ROOM FILE                    {"event_id", "url", "blurhash"}     m.image with a plain mxc:// url, as
                                              Element sends it: info with w, h, xyz.amorgan.blurhash and, for a
                                              picture over 800×600, thumbnail_url and thumbnail_info (its own upload)
      send-images ROOM FILE COUNT             {"event_ids"}: COUNT such m.image of FILE in order, each its own uploads
                                              (new mxc:// URLs each: benchmarks; UPLOADS_AT_ONCE of them in flight)
      send-encrypted-image ROOM FILE [--wrong-hash]
                                              {"event_id", "url", "blurhash"}     content.file: AES-256-CTR as Element sends
                                              (--wrong-hash: hashes.sha256 of other bytes, as a tampered upload)
      wait-for ROOM [--body TEXT] [--timeout S]   the first m.room.message (with that body) as event JSON
      accept-invites [--timeout S]            {"joined": [room ids]} once at least one invite was joined
      messages ROOM [--count N] [--timeout S] {"events": [event JSON]}: every m.room.message of the room (the last
                                              100) once at least N are there, oldest first
      download MXC FILE                       {"size", "content_type"}: the media's bytes written to FILE

Every command logs in afresh (a new device each time; bcrypt_rounds 4 makes that ~12 ms) and prints one
JSON object on standard output; the password comes from $PEER_PASSWORD, never the command line, and the
access token is never printed. Every wait is bounded: exit status 3 when it runs out, 1 on an error.
"""
import argparse
import asyncio
import io
import json
import mimetypes
import os
import sys
import time

import logging

from nio import AsyncClient, LoginResponse
from nio.crypto.attachments import encrypt_attachment

import blurhash_encode

# nio logs an m.image with `file` instead of `url` (an encrypted picture in a plain room) as a failed schema
# check, loudly, though the event's source is all the tests read: its logging stays quiet.
logging.disable(logging.CRITICAL)


def fail(message, status=1):
    print(f"peer.py: {message}", file=sys.stderr)
    sys.exit(status)


def checked(response, kind):
    if not isinstance(response, kind):
        fail(f"{type(response).__name__}: {getattr(response, 'message', response)}")
    return response


async def login(args):
    client = AsyncClient(args.homeserver, args.user)
    checked(await client.login(os.environ.get("PEER_PASSWORD", ""), device_name="snapterm-test-peer"), LoginResponse)
    return client


# Element's thumbnail box: a larger picture is sent with a JPEG (or PNG) thumbnail of at most this size.
THUMBNAIL_BOX = (800, 600)
# How many uploads send-images keeps in flight (Synapse makes each upload's thumbnails on its own threads).
UPLOADS_AT_ONCE = 4


def image_info(path, data):
    """The m.image `info` of the picture at `path` and, when Element would make one, its thumbnail's bytes."""
    info = {"mimetype": mimetypes.guess_type(path)[0] or "application/octet-stream", "size": len(data)}
    thumbnail = None
    try:
        from PIL import Image  # Pillow comes with Synapse
        with Image.open(path) as image:
            info["w"], info["h"] = image.size
            info["xyz.amorgan.blurhash"] = blurhash_encode.peer_hash(image)
            if image.width > THUMBNAIL_BOX[0] or image.height > THUMBNAIL_BOX[1]:
                thumbnail = element_thumbnail(image, info)
    except Exception:
        pass
    return info, thumbnail


def element_thumbnail(image, info):
    """The thumbnail Element uploads beside a large picture: fitted in THUMBNAIL_BOX, JPEG for a JPEG, else PNG."""
    small = image.convert("RGB") if image.format == "JPEG" else image.copy()
    small.thumbnail(THUMBNAIL_BOX)
    output = io.BytesIO()
    kind = "jpeg" if image.format == "JPEG" else "png"
    small.save(output, format=kind, quality=80) if kind == "jpeg" else small.save(output, format=kind)
    data = output.getvalue()
    info["thumbnail_info"] = {"w": small.width, "h": small.height, "mimetype": f"image/{kind}", "size": len(data)}
    return data


async def image_content(client, info, thumbnail, data, name, body):
    """An m.image of `data` as Element sends it: the picture and its thumbnail each uploaded (a new mxc:// URL)."""
    info = dict(info)
    url = await upload(client, data, info["mimetype"], name)
    if thumbnail is not None:
        info["thumbnail_url"] = await upload(client, thumbnail, info["thumbnail_info"]["mimetype"], "thumbnail")
    return {"msgtype": "m.image", "body": body, "filename": name, "info": info, "url": url}


async def upload(client, data, content_type, name):
    from nio import UploadResponse
    response, _ = await client.upload(lambda *_: data, content_type=content_type, filename=name,
                                      filesize=len(data), encrypt=False)
    return checked(response, UploadResponse).content_uri


async def send(client, room, content):
    from nio import RoomSendResponse
    response = await client.room_send(room, "m.room.message", content, ignore_unverified_devices=True)
    return checked(response, RoomSendResponse).event_id


async def run(args):
    client = await login(args)
    try:
        if args.command == "login":
            return {"user_id": client.user_id, "device_id": client.device_id}
        if args.command == "create-room":
            from nio import RoomCreateResponse
            response = await client.room_create(invite=args.invite or [], name=args.name)
            return {"room_id": checked(response, RoomCreateResponse).room_id}
        if args.command == "set-name":
            from nio import ProfileSetDisplayNameResponse
            checked(await client.set_displayname(args.name), ProfileSetDisplayNameResponse)
            return {"user_id": client.user_id}
        if args.command == "send-text":
            return {"event_id": await send(client, args.room, {"msgtype": "m.text", "body": args.text})}
        if args.command == "send-texts":
            bodies = [f"{args.prefix} {index:03d}" for index in range(1, args.count + 1)]
            return {"event_ids": [await send(client, args.room, {"msgtype": "m.text", "body": body}) for body in bodies]}
        if args.command == "populate":
            from nio import RoomCreateResponse
            rooms = []
            for index in range(1, args.rooms + 1):
                response = await client.room_create(invite=[args.invite], name=f"{args.name_prefix} {index:03d}")
                rooms.append(checked(response, RoomCreateResponse).room_id)
            for index, room in enumerate(rooms, 1):
                for event in range(1, args.events + 1):
                    await send(client, room, {"msgtype": "m.text", "body": f"room {index:03d} message {event:03d}"})
            return {"rooms": rooms}
        if args.command == "send-file":
            with open(args.file, "rb") as file:
                data = file.read()
            url = await upload(client, data, "application/octet-stream", "file")
            content = {"msgtype": "m.file", "body": args.name, "filename": args.name, "url": url,
                       "info": {"mimetype": "application/octet-stream", "size": len(data)}}
            return {"event_id": await send(client, args.room, content), "url": url}
        if args.command in ("send-image", "send-encrypted-image"):
            with open(args.file, "rb") as file:
                data = file.read()
            name = os.path.basename(args.file)
            info, thumbnail = image_info(args.file, data)
            if args.command == "send-image":
                content = await image_content(client, info, thumbnail, data, name, name)
                url = content["url"]
            else:
                info.pop("thumbnail_info", None)
                content = {"msgtype": "m.image", "body": name, "filename": name, "info": info}
                ciphertext, keys = encrypt_attachment(data)
                url = await upload(client, ciphertext, "application/octet-stream", name)
                if args.wrong_hash:
                    import base64
                    import hashlib
                    keys["hashes"] = {"sha256": base64.b64encode(hashlib.sha256(ciphertext + b"!").digest()).decode().rstrip("=")}
                content["file"] = {"url": url, "mimetype": info["mimetype"], **keys}
            return {"event_id": await send(client, args.room, content), "url": url,
                    "blurhash": info.get("xyz.amorgan.blurhash")}
        if args.command == "send-images":
            with open(args.file, "rb") as file:
                data = file.read()
            name = os.path.basename(args.file)
            info, thumbnail = image_info(args.file, data)
            in_flight = asyncio.Semaphore(UPLOADS_AT_ONCE)

            async def uploaded(index):
                async with in_flight:
                    return await image_content(client, info, thumbnail, data, name, f"{index:04d} {name}")
            contents = [asyncio.ensure_future(uploaded(index)) for index in range(1, args.count + 1)]
            try:  # sent in order, each as soon as its uploads are done
                return {"event_ids": [await send(client, args.room, await content) for content in contents]}
            finally:
                for content in contents:
                    content.cancel()
        if args.command == "wait-for":
            return await wait_for(client, args)
        if args.command == "accept-invites":
            return await accept_invites(client, args)
        if args.command == "messages":
            return await messages(client, args)
        if args.command == "download":
            return await download(client, args)
    finally:
        await client.close()


async def sync_until(client, timeout, found, sync_filter=None):
    """Long-polls /sync until `found(response)` returns something, or `timeout` seconds pass (exit 3)."""
    deadline = time.monotonic() + timeout
    since = None
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            fail(f"nothing arrived within {timeout} s", status=3)
        response = await client.sync(timeout=int(min(left, 10) * 1000), since=since, full_state=since is None,
                                     sync_filter=sync_filter)
        if not hasattr(response, "next_batch"):
            fail(f"sync failed: {getattr(response, 'message', response)}")
        since = response.next_batch
        result = found(response)
        if result is not None:
            return result


async def wait_for(client, args):
    def found(response):
        room = response.rooms.join.get(args.room)
        for event in room.timeline.events if room else []:
            source = event.source
            if source.get("type") != "m.room.message":
                continue
            if args.body is None or source.get("content", {}).get("body") == args.body:
                return source
        return None
    return await sync_until(client, args.timeout, found)


async def messages(client, args):
    seen = {}

    def found(response):
        room = response.rooms.join.get(args.room)
        for event in room.timeline.events if room else []:
            source = event.source
            if source.get("type") == "m.room.message":
                seen.setdefault(source["event_id"], source)
        return list(seen.values()) if len(seen) >= args.count else None
    events = await sync_until(client, args.timeout, found, sync_filter={"room": {"timeline": {"limit": 100}}})
    return {"events": events}


async def download(client, args):
    from nio import DownloadResponse
    response = checked(await client.download(mxc=args.mxc), DownloadResponse)
    with open(args.file, "wb") as file:
        file.write(response.body)
    return {"size": len(response.body), "content_type": response.content_type}


async def accept_invites(client, args):
    async def join_all(response):
        joined = []
        for room_id in response.rooms.invite:
            from nio import JoinResponse
            checked(await client.join(room_id), JoinResponse)
            joined.append(room_id)
        return joined
    pending = []

    def found(response):
        if response.rooms.invite:
            pending.append(response)
            return True
        return None
    await sync_until(client, args.timeout, found)
    return {"joined": await join_all(pending[0])}


def parse():
    parser = argparse.ArgumentParser(description="A matrix-nio peer for Snapterm's tests.")
    parser.add_argument("--homeserver", required=True)
    parser.add_argument("--user", required=True)
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("login")
    create = commands.add_parser("create-room")
    create.add_argument("--invite", action="append")
    create.add_argument("--name")
    commands.add_parser("set-name").add_argument("name")
    text = commands.add_parser("send-text")
    text.add_argument("room")
    text.add_argument("text")
    texts = commands.add_parser("send-texts")
    texts.add_argument("room")
    texts.add_argument("prefix")
    texts.add_argument("count", type=int)
    populate = commands.add_parser("populate")
    populate.add_argument("--rooms", type=int, required=True)
    populate.add_argument("--events", type=int, required=True)
    populate.add_argument("--invite", required=True)
    populate.add_argument("--name-prefix", default="Bench")
    sent_file = commands.add_parser("send-file")
    for argument in ("room", "file", "name"):
        sent_file.add_argument(argument)
    for name in ("send-image", "send-encrypted-image"):
        image = commands.add_parser(name)
        image.add_argument("room")
        image.add_argument("file")
        if name == "send-encrypted-image":
            image.add_argument("--wrong-hash", action="store_true")
    images = commands.add_parser("send-images")
    images.add_argument("room")
    images.add_argument("file")
    images.add_argument("count", type=int)
    wait = commands.add_parser("wait-for")
    wait.add_argument("room")
    wait.add_argument("--body")
    wait.add_argument("--timeout", type=float, default=30)
    history = commands.add_parser("messages")
    history.add_argument("room")
    history.add_argument("--count", type=int, default=1)
    history.add_argument("--timeout", type=float, default=30)
    fetch = commands.add_parser("download")
    fetch.add_argument("mxc")
    fetch.add_argument("file")
    invites = commands.add_parser("accept-invites")
    invites.add_argument("--timeout", type=float, default=30)
    return parser.parse_args()


if __name__ == "__main__":
    print(json.dumps(asyncio.run(run(parse()))))
