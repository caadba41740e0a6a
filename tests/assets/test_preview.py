"""Previews kept in Dagster's run history mask personal data: e-mail addresses (any script but CJK, a full-width @)
and phone numbers in every text and list of texts, ids as pseudonyms; dates stay readable."""

import polars as pl

from assets.preview import markdown_preview, mask_text, pseudonym


def test_addresses_and_numbers_are_masked_and_dates_stay():
    assert mask_text("用户的邮箱是li.wei@example.com，电话139 0000 8312") == "用户的邮箱是[email]，电话[phone]"
    assert mask_text("write to josé.m@correo.es or bob ＠ mail.example.org") == "write to [email] or [email]"
    assert mask_text("call +1 (617) 555-0100 before 2026-03-15 09:00") == "call [phone] before 2026-03-15 09:00"
    assert mask_text("order A1001, 3 items") == "order A1001, 3 items"


def test_the_preview_masks_every_text_and_list_column():
    frame = pl.DataFrame(
        {
            "user_id": ["u_alice"],
            "content": ["User's email is alice@example.com."],
            "keywords": [["email", "alice@example.com"]],
            "strength": [0.9],
        }
    )
    preview = markdown_preview(frame)
    assert "alice@" not in preview and "u_alice" not in preview
    assert "User's email is [email]." in preview and '"[email]"' in preview and pseudonym("u_alice") in preview
