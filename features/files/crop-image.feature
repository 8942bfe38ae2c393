Feature: Crop an image
  The image editor cuts a region out of a picture.

  Background:
    Given the source "docs" holds the image "photo.png" of 800x600
    And the role "editor" may "IMAGE_CROP"

  Scenario: Cropping in place
    When "editor" crops "photo.png" of the source "docs" to "10,20,300,200"
    Then the image "photo.png" of the source "docs" is 300x200

  Scenario: Cropping into a new file
    When "editor" crops "photo.png" of the source "docs" to "0,0,50,40" as "detail.png"
    Then the image "detail.png" of the source "docs" is 50x40
    And the image "photo.png" of the source "docs" is 800x600

  Scenario Outline: A region outside the image or without a size is refused
    When "editor" crops "photo.png" of the source "docs" to "<box>"
    Then the request fails with "INPUT.INVALID"

    Examples:
      | box            |
      | 700,500,200,10 |
      | -1,0,10,10     |
      | 0,0,0,10       |

  Scenario: A new name of another image type is refused
    When "editor" crops "photo.png" of the source "docs" to "0,0,50,40" as "detail.jpg"
    Then the request fails with "INPUT.INVALID"

  Scenario: A role without IMAGE_CROP is refused
    Given the role "resizer" may "IMAGE_RESIZE"
    When "resizer" crops "photo.png" of the source "docs" to "0,0,10,10"
    Then the request fails with "AUTH.FORBIDDEN"
